/** The page is open in WeChat's built-in browser (WeChat Pay opens differently there). */
export const isWeChatBrowser = (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean =>
  /MicroMessenger/i.test(userAgent);
