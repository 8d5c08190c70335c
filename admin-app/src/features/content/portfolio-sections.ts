// The portfolio sections she can fill, and how a section's items are read from and written into the content JSON:
// 'comp-card', 'digitals' and 'ugc' are lists, 'runway/<id>' and 'print/<key>' are lists inside a map. UGC's list
// (her uploaded videos beside the reel links) is absent in content saved before it existed: read as empty.
import type { MediaItem, PortfolioContent, PortfolioMeta } from '@studio/shared/domain';

export interface SectionChoice {
  key: string;
  label: string;
}

export function sectionChoices(meta: PortfolioMeta, content: PortfolioContent): SectionChoice[] {
  const runway = [...new Set([...Object.keys(meta.RUNWAY_SECTION_MAP), ...Object.keys(content.runway)])];
  const conceptName = (key: string) =>
    Object.entries(meta.PRINT_CONCEPT_KEY_MAP).find(([, k]) => k === key)?.[0] ?? key;
  // Her concepts in her order (she adds and removes them), then any media stored under another key.
  const print = [
    ...new Set([
      ...meta.PRINT_CONCEPTS.map((name) => meta.PRINT_CONCEPT_KEY_MAP[name] ?? ''),
      ...Object.keys(content.print),
    ]),
  ].filter(Boolean);
  return [
    { key: 'comp-card', label: 'Comp card' },
    { key: 'digitals', label: 'Digitals' },
    ...runway.map((id) => ({ key: `runway/${id}`, label: `Runway: ${meta.RUNWAY_SECTION_MAP[id] ?? id}` })),
    ...print.map((key) => ({ key: `print/${key}`, label: `Print: ${conceptName(key)}` })),
    { key: 'ugc', label: 'UGC' },
  ];
}

export function itemsOf(content: PortfolioContent, section: string): MediaItem[] {
  if (section === 'ugc') return content.ugc ?? [];
  if (section === 'comp-card' || section === 'digitals') return content[section];
  const [group, id = ''] = section.split('/') as ['runway' | 'print', string];
  return content[group][id] ?? [];
}

export function withItems(content: PortfolioContent, section: string, items: MediaItem[]): PortfolioContent {
  if (section === 'comp-card' || section === 'digitals' || section === 'ugc') return { ...content, [section]: items };
  const [group, id = ''] = section.split('/') as ['runway' | 'print', string];
  return { ...content, [group]: { ...content[group], [id]: items } };
}
