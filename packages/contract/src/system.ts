/** Discovery: the services a client can call, their base paths and API versions. */
import { z } from 'zod';

export const ServiceDescriptionSchema = z.object({
  name: z.string(),
  basePath: z.string(),
  versions: z.array(z.string()),
  defaultVersion: z.string(),
});
export type ServiceDescription = z.infer<typeof ServiceDescriptionSchema>;

export const DiscoverySchema = z.object({ services: z.array(ServiceDescriptionSchema) });
export type Discovery = z.infer<typeof DiscoverySchema>;
