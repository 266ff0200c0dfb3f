import type { Content } from '@portal/api';
import { isContentOwner, mayModerateContent } from '@portal/domain';
import { Alert, Box, Button, Dialog, Inline, Stack, Text } from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/api.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import {
  type ContentPublication,
  contentPublicationQuery,
  requestPublication,
  withdrawPublication,
} from '../../lib/publicationQueries.ts';
import { TextDialogContent } from '../../lib/TextDialog.tsx';
import { toasts } from '../../lib/toasts.ts';

/** What the item's publication says: public, waiting, rejected or withdrawn with the moderator's reason. */
function PublicationState({ publication }: { publication: ContentPublication }) {
  const { t, i18n } = useTranslation('library');
  const request = publication.request;
  const when = (iso: string | null) =>
    iso === null ? '' : new Intl.DateTimeFormat(i18n.language).format(new Date(iso));
  if (publication.isPublic) {
    return (
      <Alert tone="success" title={t('publication.public')}>
        {t('publication.publicNotice')}
      </Alert>
    );
  }
  if (request === null || request.state === 'approved') return null;
  if (request.state === 'pending') {
    return (
      <Alert tone="info" title={t('publication.pending')}>
        {t('publication.pendingNotice', { date: when(request.requestedAt) })}
      </Alert>
    );
  }
  return (
    <Alert
      tone="warning"
      title={t(request.state === 'rejected' ? 'publication.rejected' : 'publication.withdrawn')}
    >
      <Stack gap="xsmall">
        <Text>{t('publication.reason', { reason: request.reason ?? '' })}</Text>
        {publication.mayRequest && <Text tone="muted">{t('publication.again')}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * 'Für alle Schulen freigeben beantragen' on a Mediathek item (issue 24, Moderieren): members of its organisation
 * propose it with a note and read where the request stands; content administrators and staff withdraw a public item
 * with a reason. Nothing here makes an item public: the review queue (/moderate) decides.
 */
export function PublicationPanel({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const { user } = useCurrentUser();
  const owner = isContentOwner(user, content);
  const moderator = mayModerateContent(user);
  const publication = useQuery({ ...contentPublicationQuery(content.id), enabled: owner || moderator });
  const [dialog, setDialog] = useState<'request' | 'withdraw' | null>(null);
  const data = publication.data;
  if (!data) return null;
  const mayWithdraw = data.mayModerate && data.isPublic;
  const close = () => setDialog(null);

  return (
    <Box as="section" aria-label={t('publication.label')}>
      <Stack gap="small">
        <PublicationState publication={data} />
        {(data.mayRequest || mayWithdraw) && (
          <Inline gap="small">
            <Dialog.Root open={dialog !== null} onOpenChange={(open) => !open && close()}>
              {data.mayRequest && (
                <Button variant="secondary" onClick={() => setDialog('request')}>
                  {t('publication.request')}
                </Button>
              )}
              {mayWithdraw && (
                <Button variant="secondary" onClick={() => setDialog('withdraw')}>
                  {t('publication.withdraw')}
                </Button>
              )}
              {dialog === 'request' && (
                <TextDialogContent
                  title={t('publication.requestDialog.title')}
                  description={t('publication.requestDialog.description', { title: content.title })}
                  label={t('publication.requestDialog.label')}
                  submitLabel={t('publication.requestDialog.submit')}
                  cancelLabel={t('publication.cancel')}
                  requiredText={t('publication.requestDialog.required')}
                  tooLongText={t('publication.tooLong')}
                  field="note"
                  onSubmit={async (note) => {
                    await requestPublication(content.id, note);
                    toasts.show({ tone: 'success', title: 'library:publication.requested' });
                  }}
                  onClose={close}
                />
              )}
              {dialog === 'withdraw' && (
                <TextDialogContent
                  title={t('publication.withdrawDialog.title')}
                  description={t('publication.withdrawDialog.description', { title: content.title })}
                  label={t('publication.reasonLabel')}
                  submitLabel={t('publication.withdraw')}
                  cancelLabel={t('publication.cancel')}
                  requiredText={t('publication.reasonRequired')}
                  tooLongText={t('publication.tooLong')}
                  field="reason"
                  onSubmit={async (reason) => {
                    await withdrawPublication(content.id, reason);
                    toasts.show({ tone: 'success', title: 'library:publication.withdrawnToast' });
                  }}
                  onClose={close}
                />
              )}
            </Dialog.Root>
          </Inline>
        )}
      </Stack>
    </Box>
  );
}
