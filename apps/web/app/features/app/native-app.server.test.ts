import { describe, expect, it } from 'vitest';
import type { Site } from '../../lib/site.server';
import { nativeAppPage } from './native-app.server';

const site = (capabilities: string[], nativeApp: { androidUrl: string; iosUrl: string }): Site =>
  ({ config: { siteName: 'Drawhouse', nativeApp }, capabilities }) as unknown as Site;

async function status(run: () => unknown): Promise<number | undefined> {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

describe('nativeAppPage', () => {
  it('gives the store buttons of the addresses the site config sets', () => {
    const page = nativeAppPage(
      site(['native-app'], { androidUrl: 'https://play.google.com/store/apps/details?id=x', iosUrl: '' }),
      'app',
    );
    expect(page).toEqual({
      siteName: 'Drawhouse',
      links: { androidUrl: 'https://play.google.com/store/apps/details?id=x', iosUrl: null },
    });
  });

  it('offers no button for an address that is not an https link', () => {
    const page = nativeAppPage(
      site(['native-app'], { androidUrl: 'javascript:alert(1)', iosUrl: 'http://apps.example/x' }),
      'app-android',
    );
    expect(page.links).toEqual({ androidUrl: null, iosUrl: null });
  });

  it('is the 404 page without the native-app capability, on each of the three pages', async () => {
    for (const screen of ['app', 'app-android', 'app-android-install']) {
      expect(await status(() => nativeAppPage(site([], { androidUrl: '', iosUrl: '' }), screen))).toBe(404);
    }
  });
});
