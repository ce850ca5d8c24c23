import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Apple posts its sign-in answer from its own site to /social-authentication/apple
  // (response_mode=form_post); every other cross-site post is refused by app/lib/origin.server.ts.
  allowedActionOrigins: ['appleid.apple.com'],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
