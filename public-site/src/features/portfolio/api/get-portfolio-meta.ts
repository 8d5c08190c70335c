// The portfolio metadata document 'main' (docs/product.md §7), read once per visit for every portfolio page.
import { portfolioKey, useQuery } from '@studio/shared/data';

export const portfolioMetaKey = [...portfolioKey, 'meta'] as const;

export const usePortfolioMeta = () => useQuery(portfolioMetaKey, (backend) => backend.portfolio.getMeta());
