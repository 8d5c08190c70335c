// Her projects, for the links to their pages from the portfolio and its sections (without them no link on the site
// would lead to a project page). Read once per visit; the server renders them into the page.
import { portfolioKey, useQuery } from '@studio/shared/data';

export const projectsKey = [...portfolioKey, 'projects'] as const;

export const useProjects = () => useQuery(projectsKey, (backend) => backend.portfolio.listProjects());
