import { test } from '../support/test';
import { startServer, type RunningServer } from '../support/server';
let closed: RunningServer;
test.beforeAll(async () => {
  closed = await startServer({ SEED_DEMO: 'false' });
});
test.afterAll(async () => closed?.stop());
for (const width of [390, 1280])
  for (const scheme of ['light', 'dark'] as const)
    for (const which of ['open', 'closed'])
      test(`${which} ${width} ${scheme}`, async ({ browser }) => {
        const context = await browser.newContext({
          baseURL: which === 'closed' ? closed.url : process.env.E2E_BASE_URL,
          viewport: { width, height: 900 },
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto('/book-me');
        await page.waitForLoadState('networkidle');
        await page.mouse.wheel(0, 5000);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/pb-shots/${which}-${width}-${scheme}.png`, fullPage: true });
        await context.close();
      });
