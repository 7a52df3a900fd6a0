import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TubeTimeline } from '@/components/tube-timeline';

describe('TubeTimeline', () => {
  it('lists what happened with times and notes, then the steps still to come', () => {
    render(
      <TubeTimeline
        status="sampled"
        timeline={[
          { status: 'unbound', at: '2026-10-01T08:00:00+08:00', note: '入库' },
          { status: 'bound', at: '2026-10-20T09:30:00+08:00', note: '扫码绑定' },
          { status: 'sampled', at: '2026-10-21T07:15:00+08:00' },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: '采样管进度' });
    const titles = Array.from(region.querySelectorAll('.adm-step-title')).map((node) => node.textContent);
    expect(titles).toEqual(['未绑定', '已绑定', '已采样', '实验室已接收', '已检测', '已出报告']);
    expect(within(region).getByText('扫码绑定')).toBeInTheDocument();
    expect(within(region).getAllByText('待完成')).toHaveLength(3);
    expect(region.querySelectorAll('time')).toHaveLength(3);
  });

  it('shows no upcoming steps after an unbind (the tube is back in stock)', () => {
    render(
      <TubeTimeline
        status="unbound"
        timeline={[
          { status: 'bound', at: '2026-10-20T09:30:00+08:00' },
          { status: 'unbound', at: '2026-10-20T09:42:00+08:00', note: '解绑：扫码绑定错误' },
        ]}
      />,
    );
    expect(screen.queryByText('待完成')).toBeNull();
    expect(screen.getByText('解绑：扫码绑定错误')).toBeInTheDocument();
  });
});
