/** Types of scripts/generated-section.mjs for the tests. */
export function replaceSection(text: string, name: string, content: string): string;
export function withSections(file: string, text: string, sections: Record<string, string>): Promise<string>;
export function writeSections(file: string, sections: Record<string, string>): Promise<void>;
export function measuredOn(): string;
