import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('lotto-tickets', 'routes/lotto-tickets.tsx'),
  route('charity-tickets', 'routes/charity-tickets.tsx'),
  route('syndicates', 'routes/syndicates.tsx'),
  route('causes', 'routes/causes.tsx'),
  route('causes/:causeSlug', 'routes/cause.tsx'),
  route('about', 'routes/about.tsx', { id: 'about-index' }),
  route('about/*', 'routes/about.tsx', { id: 'about-page' }),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('session/elevate', 'routes/session/elevate.ts'),
  route('session/keepalive', 'routes/session/keepalive.ts'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('banner/dismiss', 'routes/banner-dismiss.ts'),
  route('cms/files/:fileId', 'routes/cms-file.ts'),
  route(':productOfferKey/:gameTypeKey?', 'routes/product-offer.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
