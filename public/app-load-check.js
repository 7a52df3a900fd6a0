// When the app's scripts cannot load (no network on the first visit, or a stale index.html naming
// files a deploy removed), index.html's first screen says so and offers a reload instead of loading
// forever. A file of its own rather than inline, so the Content-Security-Policy keeps script-src 'self';
// deferred and placed before the app's module script, it runs first and can hear that script fail.
(function () {
  var app = document.querySelector('script[type="module"][src]');
  if (!app) return;
  app.addEventListener('error', function () {
    var text = document.querySelector('.boot-text');
    if (!text || !text.parentNode) return;
    text.textContent = '页面加载失败，请检查网络后重试。';
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'boot-retry';
    button.textContent = '重新加载';
    button.addEventListener('click', function () {
      location.reload();
    });
    text.parentNode.appendChild(button);
  });
})();
