import { useQuery } from '@tanstack/react-query';
import { dictionaryLabel, dictionaryQuery } from '@/api/dictionary/dictionary-read';
import { formatDateTime } from '@/lib/date-time';
import { formatMaskedIdCard } from '@/lib/id-card';
import { GENDER_LABELS, labelOf, REGISTRATION_STATUS_LABELS, type Registration } from '@/types/api';
import { DetailList } from './detail-list';

/** 信息详情's read-only view of the person registered, the ID card masked. */
export function PersonDetails({ registration }: { registration: Registration }) {
  const nation = useQuery(dictionaryQuery('nation')).data;
  const education = useQuery(dictionaryQuery('education')).data;
  const occupation = useQuery(dictionaryQuery('occupation')).data;
  const relation = useQuery(dictionaryQuery('relation')).data;
  return (
    <DetailList
      rows={[
        { label: '姓名', value: registration.name },
        { label: '身份证号', value: formatMaskedIdCard(registration.idCard) },
        { label: '性别', value: labelOf(GENDER_LABELS, registration.gender) },
        { label: '出生日期', value: registration.birthDate },
        { label: '年龄', value: registration.age === undefined ? '' : `${registration.age} 岁` },
        { label: '联系电话', value: registration.phone },
        { label: '民族', value: dictionaryLabel(nation, registration.nation) },
        { label: '文化程度', value: dictionaryLabel(education, registration.education) },
        { label: '职业', value: dictionaryLabel(occupation, registration.occupation) },
        { label: '住址', value: registration.address },
        { label: '大肠癌家族史', value: registration.familyHistory ? '有' : '没有' },
        { label: '紧急联系人', value: registration.emergencyContactName },
        { label: '联系人电话', value: registration.emergencyContactPhone },
        {
          label: '与本人关系',
          value: dictionaryLabel(relation, registration.emergencyContactRelation),
        },
        { label: '登记状态', value: labelOf(REGISTRATION_STATUS_LABELS, registration.status) },
        { label: '登记时间', value: formatDateTime(registration.registeredAt) },
        { label: '登记人', value: registration.registeredByName },
        { label: '登记机构', value: registration.institutionName },
      ]}
    />
  );
}
