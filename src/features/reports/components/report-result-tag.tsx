import { Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQuery } from '@/api/dictionary/dictionary-read';
import { labelOf, REPORT_RESULT_LABELS, type Open, type ReportResult } from '@/types/api';

type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger';
const TAG_COLORS: readonly string[] = ['default', 'primary', 'success', 'warning', 'danger'];

/** A dictionary tag type (customAttribute) as an antd-mobile Tag color; unknown types fall back to 'default'. */
export function tagColorOf(tagType: string | undefined): TagColor {
  return tagType && TAG_COLORS.includes(tagType) ? (tagType as TagColor) : 'default';
}

export interface ReportResultTagProps {
  result: Open<ReportResult>;
  className?: string;
}

/** The result as the 'report_result' dictionary names and colours it (the contract's labels until it loads). */
export function ReportResultTag({ result, className }: ReportResultTagProps) {
  const { data } = useQuery(dictionaryQuery('report_result'));
  const item = data?.find((candidate) => String(candidate.value) === result);
  return (
    <Tag className={className} color={tagColorOf(item?.tagType)} fill="solid" round data-result={result}>
      {item?.label ?? labelOf(REPORT_RESULT_LABELS, result)}
    </Tag>
  );
}
