import type { PageInfo } from '../../../common/schemas/api';
import { Pager } from '../ui/Pager';
import { ADMIN_LIMIT, type PagedList } from './data';

interface Props<T, R extends PageInfo> {
  /** The server-paged list (`usePagedList`): its page, page setter and last response. */
  list: PagedList<T, R>;
  /** Accessible name of the pager's navigation ("User pages"). */
  label: string;
  /** The list's total when the tab counts it elsewhere (status tiles); else the response's. */
  total?: number | undefined;
  /** Page size until the first response says (the server's own limit wins). */
  limit?: number;
}

/** The Previous / Next pager of one server-paged admin list (ADR 014). */
export function ListPager<T, R extends PageInfo>({
  list,
  label,
  total,
  limit = ADMIN_LIMIT,
}: Props<T, R>) {
  return (
    <Pager
      page={list.page}
      total={total ?? list.response?.total ?? 0}
      limit={list.response?.limit ?? limit}
      onPage={list.setPage}
      label={label}
    />
  );
}
