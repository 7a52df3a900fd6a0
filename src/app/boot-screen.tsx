/**
 * index.html's first screen, as React renders it while the router loads the first page's chunk: the
 * same markup and classes (styled by index.html's inline stylesheet), so nothing on screen changes
 * when React takes over #root.
 */
export function BootScreen() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-bar"></div>
      <div className="boot-main">
        <p className="boot-name">肠道健康筛查</p>
        <p className="boot-text">正在加载…</p>
      </div>
    </div>
  );
}
