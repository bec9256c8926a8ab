import { useMemo, useState } from 'react';
import { styled } from 'styled-components';
import type { NewsItem } from '../../../../../contracts/news.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle, StateMessage } from '../../../components/ui/layout.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNewsAge } from '../../../lib/format.ts';
import { useRenderNow } from '../../../lib/render-clock.tsx';
import { pageCount } from '../../../lib/page-window.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNewsFeed } from '../api.ts';
import { NEWS_PAGE_SIZE, NEWS_SKELETONS, brandTagsOf, filterByBrand, sortNews, summaryOf, tagsOf, type NewsSort } from '../news-model.ts';
import { theme } from '../../../styles/theme.ts';

/** `/news`: "Weekly ETF News", brand filter, sort, 30 per page. A failed fetch shows the empty state. */
export default function NewsRoute() {
  useDocumentTitle('News');
  const { data, isLoading } = useNewsFeed();
  const [brand, setBrand] = useState<string | null>(null);
  const [sort, setSort] = useState<NewsSort>('date');
  const [page, setPage] = useState(1);

  const items = useMemo(() => data ?? [], [data]); // a stable empty list while loading, for the memos below
  const brands = useMemo(() => brandTagsOf(items), [items]);
  const shown = useMemo(() => sortNews(filterByBrand(items, brand), sort), [items, brand, sort]);
  const totalPages = pageCount(shown.length, NEWS_PAGE_SIZE);
  const current = Math.min(page, totalPages);
  const pageItems = shown.slice((current - 1) * NEWS_PAGE_SIZE, current * NEWS_PAGE_SIZE);
  const buttons: Array<string | null> = [null, ...brands];
  const now = useRenderNow(); // the rendered page's instant while it hydrates

  return (
    <Page>
      <PageTitle>Weekly ETF News</PageTitle>
      <PageSubtitle>The latest on weekly-distribution ETFs and their issuers.</PageSubtitle>
      <Toolbar>
        {buttons.length > 1 ? (
          <Filters role="group" aria-label="Filter by brand">
            {buttons.map((b) => (
              <Button
                key={b ?? 'all'}
                $size="sm"
                $variant={brand === b ? 'primary' : 'outline'}
                aria-pressed={brand === b}
                onClick={() => {
                  setBrand(b);
                  setPage(1);
                }}
              >
                {b ?? 'All'}
              </Button>
            ))}
          </Filters>
        ) : (
          <span />
        )}
        <SortBox>
          <SelectField
            label="Sort by"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value === 'source' ? 'source' : 'date');
              setPage(1);
            }}
          >
            <option value="date">Date</option>
            <option value="source">Source</option>
          </SelectField>
        </SortBox>
      </Toolbar>
      {isLoading ? (
        <Cards aria-busy="true" aria-label="Loading news">
          {Array.from({ length: NEWS_SKELETONS }, (_, i) => (
            <Card key={i} data-testid="news-skeleton">
              <Skeleton $height="20px" $width="80%" />
              <Gap />
              <Skeleton $height="14px" />
              <Gap />
              <Skeleton $height="14px" $width="60%" />
            </Card>
          ))}
        </Cards>
      ) : pageItems.length === 0 ? (
        <StateMessage>{brand ? `No ${brand} articles found.` : 'No news articles published yet. Check back soon!'}</StateMessage>
      ) : (
        <>
          <Cards>
            {pageItems.map((item) => (
              <NewsCard key={item.id} item={item} now={now} />
            ))}
          </Cards>
          {totalPages > 1 ? (
            <Pager aria-label="News pages">
              <Button $variant="outline" onClick={() => setPage(current - 1)} disabled={current <= 1}>
                Previous
              </Button>
              <span>
                Page {current} of {totalPages}
              </span>
              <Button $variant="outline" onClick={() => setPage(current + 1)} disabled={current >= totalPages}>
                Next
              </Button>
            </Pager>
          ) : null}
        </>
      )}
    </Page>
  );
}

function NewsCard({ item, now }: { item: NewsItem; now: Date }) {
  const tags = tagsOf(item).slice(0, 2);
  return (
    <Card as="article" data-testid="news-card">
      <Meta>{formatNewsAge(item.publishedAt, now) ?? 'Recently'}</Meta>
      <Title>
        <a href={item.link} target="_blank" rel="noopener noreferrer">
          {item.title}
        </a>
      </Title>
      <Summary>{summaryOf(item)}</Summary>
      <Foot>
        <Source>{item.source || 'Unknown source'}</Source>
        <Tags>
          {tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </Tags>
      </Foot>
    </Card>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin: 24px 0;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const SortBox = styled.div`
  width: 180px;
`;

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Gap = styled.div`
  height: 12px;
`;

const Meta = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;

const Title = styled.h2`
  margin-top: 6px;
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
  & a {
    color: ${theme.colors.textPrimary};
    text-decoration: none;
  }
  & a:hover { text-decoration: underline; }
`;

const Summary = styled.p`
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: 12px;
`;

const Source = styled.span`
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const Tags = styled.span`
  display: inline-flex;
  gap: 6px;
`;

const Pager = styled.nav`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 16px;
  margin-top: 24px;
  color: ${theme.colors.textSecondary};
`;
