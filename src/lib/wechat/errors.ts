/** The page is not open in WeChat, so the JS-SDK (and its scanner) is not there. */
export class WeChatUnavailableError extends Error {
  constructor(message = '请在微信中打开') {
    super(message);
    this.name = 'WeChatUnavailableError';
  }
}

/** wx.config failed (wx.error, twice), timed out, or the SDK could not be loaded: the person types the code. */
export class WeChatConfigError extends Error {
  constructor(message = '微信扫码暂不可用，请手动输入采样管编码', options?: ErrorOptions) {
    super(message, options);
    this.name = 'WeChatConfigError';
  }
}

/** The user closed the scanner. Callers ignore it: nothing went wrong. */
export class ScanCancelledError extends Error {
  constructor() {
    super('已取消扫码');
    this.name = 'ScanCancelledError';
  }
}

/** The scanner failed or read nothing usable; the message is fit for a toast. */
export class ScanFailedError extends Error {
  constructor(message = '扫码失败，请重试或手动输入采样管编码') {
    super(message);
    this.name = 'ScanFailedError';
  }
}
