import { Pagination, type PaginationProps } from '@portal/ui';
import { useTranslation } from 'react-i18next';

type Worded = 'previousLabel' | 'nextLabel' | 'pageLabel';
/** Omit over each member of a union (links or buttons), keeping them apart. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ListPaginationProps = OmitEach<PaginationProps, Worded> &
  Partial<Pick<PaginationProps, 'previousLabel' | 'nextLabel'>>;

/**
 * @portal/ui's Pagination in the portal's words ('Vorherige Seite', 'Nächste Seite', 'Seite 3'); `label` names the
 * list ('Seiten der Mediathek'), and a list may word previous and next its own way ('Ältere Befehle').
 */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      previousLabel={t('pagination.previous')}
      nextLabel={t('pagination.next')}
      pageLabel={(page) => t('pagination.page', { page })}
      {...props}
    />
  );
}
