import { generateWeChatSignature } from '@/lib/wechat/signature';

test('the WeChat signature needs no token and signs the URL without its hash', async () => {
  const result = await generateWeChatSignature('https://h5.example.cn/workUser?x=1#top');
  expect(result.signature).toMatch(/^[0-9a-f]{40}$/);
  expect(result.nonceStr).toMatch(/^[0-9a-f]{16}$/);
  expect(Math.abs(Number(result.timestamp) - Date.now() / 1000)).toBeLessThan(60);
});
