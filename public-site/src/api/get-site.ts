// Her site details and comp card measurements (issue 16), read by the footer, the about page and the comp card
// pages: one key, so a visit asks once; her saves in the dashboard drop it.
import { siteKey, useQuery } from '@studio/shared/data';

export const useSite = () => useQuery(siteKey, (backend) => backend.content.getSite());
