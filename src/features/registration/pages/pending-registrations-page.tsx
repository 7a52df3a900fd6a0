import { Button, Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { invalidateReads, REGISTRATION_READS } from '@/api/read-keys';
import { deleteRegistration } from '@/api/registration';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { config } from '@/config/env';
import { paths, withQuery } from '@/config/paths';
import { toastSuccess } from '@/lib/feedback';
import { formatMaskedIdCard } from '@/lib/id-card';
import type { Registration } from '@/types/api';
import { formatDateTime } from '@/lib/date-time';
import { hideServerDraft } from '../hidden-server-drafts';
import { pendingRegistrationsQuery } from '../pending-registrations';
import { forgetWorkRegistration } from '../registration-draft-store';
import card from '@/styles/work-card.module.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styles from './pending-registrations-page.module.css';

function confirmDelete(name: string): Promise<boolean> {
  const title = '删除未提交的登记';
  const who = name || '这条';
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      <p className={styles.dialogText}>
        {config.assumptions.deleteServerDrafts
          ? `确定删除「${who}」的登记吗？删除后不能恢复，需要时请重新录入。`
          : `确定删除「${who}」的登记吗？删除后本机的「待提交登记」不再显示它，需要时请重新录入。`}
      </p>
    ),
    confirmText: '删除',
    cancelText: '取消',
  });
}

function PendingItem({ registration, onDeleted }: { registration: Registration; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const removing = useMutation({
    // The spec lists no Delete call: without the switch the draft only leaves this phone's list.
    mutationFn: async () => {
      if (config.assumptions.deleteServerDrafts) await deleteRegistration({ id: registration.id });
      else hideServerDraft(registration.id);
    },
    onSuccess: () => {
      // The phone's copy of the same registration goes too, or the form would bring it back.
      forgetWorkRegistration(registration.id);
      onDeleted();
      void invalidateReads(queryClient, REGISTRATION_READS);
    },
  });
  const remove = async () => {
    if (!(await confirmDelete(registration.name))) return;
    try {
      await removing.mutateAsync();
      toastSuccess('已删除');
    } catch {
      // lib/http shows why; the registration stays in the list.
    }
  };
  const savedAt = registration.updatedAt ?? registration.registeredAt;
  return (
    <li className={card.item}>
      <span className={card.name}>{registration.name}</span>
      <dl className={card.fields}>
        <dt>身份证号</dt>
        <dd>{formatMaskedIdCard(registration.idCard)}</dd>
        <dt>保存时间</dt>
        <dd>{formatDateTime(savedAt)}</dd>
      </dl>
      <div className={styles.actions}>
        <Link
          className={styles.continue}
          to={withQuery(paths.infoEnter, { draft: registration.id })}
          aria-label={`继续填写 ${registration.name} 的登记`}
        >
          继续填写
        </Link>
        <Button
          size="middle"
          color="danger"
          fill="outline"
          loading={removing.isPending}
          disabled={removing.isPending}
          aria-label={`删除 ${registration.name} 的登记`}
          onClick={() => void remove()}
        >
          删除
        </Button>
      </div>
    </li>
  );
}

/**
 * /pendingRegistrations, opened from the work home's 待提交登记 line: this account's unfinished
 * registrations with 继续填写 and 删除.
 */
export default function PendingRegistrationsPage() {
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useQuery(pendingRegistrationsQuery());
  const removeFromList = (id: string) =>
    queryClient.setQueryData(
      pendingRegistrationsQuery().queryKey,
      (page) =>
        page && {
          ...page,
          total: page.total === undefined ? undefined : page.total - 1,
          records: page.records.filter((record) => record.id !== id),
        },
    );
  const more = data?.total === undefined ? 0 : data.total - data.records.length;
  return (
    <PageShell fallbackPath={paths.workUser}>
      <AsyncView
        loading={isPending}
        error={error}
        empty={!data || data.records.length === 0}
        emptyText="没有待提交的登记"
        onRetry={() => void refetch()}
      >
        <div className={`${card.card} ${styles.card}`}>
          <p className={styles.count}>共 {data?.total ?? data?.records.length} 条</p>
          <p className={card.summary}>已保存到服务器、还没有提交的登记，换手机登录也能继续填写。</p>
          <ul className={card.list} aria-label="待提交登记">
            {data?.records.map((registration) => (
              <PendingItem
                key={registration.id}
                registration={registration}
                onDeleted={() => removeFromList(registration.id)}
              />
            ))}
          </ul>
          {more > 0 && <p className={card.summary}>另有 {more} 条较早的登记，可在信息查询中按姓名查找。</p>}
        </div>
      </AsyncView>
    </PageShell>
  );
}
