/**
 * The file name a server gives in Content-Disposition (RFC 6266), or undefined.
 *
 * - `filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf` (RFC 5987) wins over `filename=`; UTF-8 and ISO-8859-1
 *   are decoded, any other charset is ignored.
 * - `filename="报告.pdf"` (quoted, with backslash escapes) and `filename=report.pdf` (a token). Many
 *   servers put a percent-encoded UTF-8 name in plain `filename=`; it is decoded when it decodes.
 * - Invisible characters are removed; path separators and characters a phone's file system refuses
 *   become '_' (cleanFileName).
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parseParameters(header);
  const extended = params.get('filename*');
  const fromExtended = extended === undefined ? undefined : decodeExtendedValue(extended);
  const plain = params.get('filename');
  const name = fromExtended ?? (plain === undefined ? undefined : decodePercentIfEncoded(plain));
  return name === undefined ? undefined : cleanFileName(name);
}

/** `type; a=1; b="x; y"` → Map { a → '1', b → 'x; y' } (names lower-cased, quotes and escapes removed). */
function parseParameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  let index = header.indexOf(';');
  if (index < 0) return params;
  while (index < header.length) {
    index += 1; // past ';'
    const equals = header.indexOf('=', index);
    if (equals < 0) break;
    const name = header.slice(index, equals).trim().toLowerCase();
    let value = '';
    let cursor = equals + 1;
    while (header[cursor] === ' ' || header[cursor] === '\t') cursor += 1;
    if (header[cursor] === '"') {
      cursor += 1;
      while (cursor < header.length && header[cursor] !== '"') {
        if (header[cursor] === '\\' && cursor + 1 < header.length) cursor += 1;
        value += header[cursor];
        cursor += 1;
      }
      const next = header.indexOf(';', cursor);
      index = next < 0 ? header.length : next;
    } else {
      const next = header.indexOf(';', cursor);
      index = next < 0 ? header.length : next;
      value = header.slice(cursor, index).trim();
    }
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

/** RFC 5987 `charset'language'percent-encoded`. */
function decodeExtendedValue(value: string): string | undefined {
  const first = value.indexOf("'");
  const second = first < 0 ? -1 : value.indexOf("'", first + 1);
  if (second < 0) return undefined;
  const charset = value.slice(0, first).trim().toLowerCase();
  const encoded = value.slice(second + 1);
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      // Each %XX is one Latin-1 character.
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // malformed percent-encoding: fall back to filename=
  }
  return undefined;
}

function decodePercentIfEncoded(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * What shows nothing, or changes how the rest shows: control characters (C0, C1), line and paragraph
 * separators (U+2028, U+2029), format characters (bidirectional overrides and isolates, zero-width
 * characters, the byte order mark) and the other default-ignorable code points (the Hangul fillers
 * U+3164, U+115F, U+1160, U+FFA0, variation selectors), and the blank Braille pattern U+2800. Each
 * can make a name display as another, e.g. '报告\u202Efdp.exe' shown as '报告exe.pdf', or as blank.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Spaces of other widths (no-break, ideographic, thin): one ordinary space per run. */
const SPACES = /\p{Zs}+/gu;
/** Path separators and the characters Windows, Android and iOS refuse in a file name. */
const REFUSED_CHARACTERS = /[/\\<>:"|?*]/g;

/**
 * The one display-safe file name: the name as the app shows it (attachment lists, their labels, the
 * download pages) and as a phone saves it. Invisible characters are removed (so it reads as it is),
 * spaces of any width become one space, path separators and refused characters become '_' (as browsers
 * do), so a name can never point into another folder. Undefined when nothing but dots, spaces and
 * underscores is left: the caller shows its fallback.
 */
export function cleanFileName(name: string): string | undefined {
  const cleaned = name
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(SPACES, ' ')
    .replace(REFUSED_CHARACTERS, '_')
    .trim();
  return /^[.\s_]*$/.test(cleaned) ? undefined : cleaned;
}
