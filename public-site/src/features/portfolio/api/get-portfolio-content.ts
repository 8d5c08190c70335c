// The portfolio content JSON (docs/product.md §7): the adapter fetches it past any HTTP cache; this cache keeps it for
// the visit, so moving between portfolio pages asks once.
import { portfolioKey, useQuery } from '@studio/shared/data';

export const portfolioContentKey = [...portfolioKey, 'content'] as const;

export const usePortfolioContent = () => useQuery(portfolioContentKey, (backend) => backend.portfolio.getContent());
