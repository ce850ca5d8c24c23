export { blogModule } from './blog.routes.ts';
export { contentVersion } from './content.repository.ts';
export { contentModule } from './content.routes.ts';
export type { ContentService } from './content.service.ts';
export { contentAdminModule } from './content-admin.routes.ts';
export { previewModule } from './preview.routes.ts';
