import { formatBytes, mayModerateContent } from '@portal/domain';
import {
  Alert,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  Inline,
  type KeyValueItem,
  KeyValueList,
  Select,
  Spinner,
  Stack,
  sprinkles,
  Text,
  Tiles,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import {
  decidePublication,
  type PublicationRequest,
  type PublicationState,
  publicationQueueQuery,
} from '../../lib/publicationQueries.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { TextDialogContent } from '../../lib/TextDialog.tsx';
import { toasts } from '../../lib/toasts.ts';

const STATES: readonly PublicationState[] = ['pending', 'approved', 'rejected', 'withdrawn'];
const stateOf = (value: string | null): PublicationState =>
  STATES.find((state) => state === value) ?? 'pending';

/** The organisation types with a name of their own (spec §3); any other is an 'Organisation'. */
const organisationTypeKey = (type: number) =>
  type === 2 || type === 4 || type === 5 ? (String(type) as '2' | '4' | '5') : 'other';

/** The facts a moderator decides on: type, format, age, size, the organisation and who proposed it. */
function RequestFacts({ request }: { request: PublicationRequest }) {
  const { t, i18n } = useTranslation('moderation');
  const { content } = request;
  const none = t('none');
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const age =
    content.minAge === null && content.maxAge === null
      ? t('noAge')
      : t('ageRange', { min: content.minAge ?? 0, max: content.maxAge ?? 99 });
  const items: KeyValueItem[] = [
    { term: t('facts.type'), value: t(`contentType.${content.contentType}`) },
    { term: t('facts.format'), value: content.format ?? none },
    { term: t('facts.age'), value: age },
    { term: t('facts.size'), value: formatBytes(content.fileSize) ?? none },
    {
      term: t('facts.organisation'),
      value: (
        <>
          <bdi>{content.owner.name}</bdi> (
          {t(`organisationType.${organisationTypeKey(content.owner.organisationType)}`)})
        </>
      ),
    },
    {
      term: t('facts.proposer'),
      value: request.requestedBy ? (
        <>
          <bdi>{request.requestedBy.name}</bdi> ({request.requestedBy.email})
        </>
      ) : (
        t('deletedAccount')
      ),
    },
    { term: t('facts.requestedAt'), value: date(request.requestedAt) },
  ];
  if (request.decidedAt !== null) {
    items.push({
      term: t('facts.decided'),
      value: `${date(request.decidedAt)}${request.decidedBy ? ` – ${request.decidedBy.name}` : ''}`,
    });
  }
  if (request.reason) items.push({ term: t('facts.reason'), value: request.reason });
  return <KeyValueList items={items} />;
}

/** One request of the queue: preview, facts, the proposer's note and, while it waits, approve and reject. */
function RequestCard({ request }: { request: PublicationRequest }) {
  const { t } = useTranslation('moderation');
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const headingId = `publication-request-${request.id}`;
  const approve = async () => {
    setApproving(true);
    try {
      await decidePublication(request, { approve: true });
      toasts.show({
        tone: 'success',
        title: 'moderation:approved',
        descriptionText: request.content.title,
      });
    } catch (error) {
      showFailure(error, 'decidePublicationRequest');
    } finally {
      setApproving(false);
    }
  };
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Stack gap="medium">
        <Heading level={2} id={headingId}>
          {request.content.title}
        </Heading>
        <Tiles columns={{ mobile: 1, tablet: 2 }} gap="medium">
          {request.content.previewImage ? (
            <img
              className={sprinkles({ width: '100%', borderRadius: 'medium' })}
              src={request.content.previewImage}
              alt={t('previewAlt', { title: request.content.title })}
            />
          ) : (
            <Text tone="muted">{t('noPreview')}</Text>
          )}
          <RequestFacts request={request} />
        </Tiles>
        {request.content.description.trim() !== '' && <Text>{request.content.description}</Text>}
        <Stack gap="xsmall">
          <Text weight="bold">{t('note')}</Text>
          <Text>{request.note}</Text>
        </Stack>
        {request.state === 'pending' && (
          <Inline gap="small">
            <Button variant="primary" onClick={() => void approve()} loading={approving}>
              {t('approve')}
            </Button>
            <Dialog.Root open={rejecting} onOpenChange={setRejecting}>
              <Dialog.Trigger asChild>
                <Button variant="secondary">{t('reject')}</Button>
              </Dialog.Trigger>
              {rejecting && (
                <TextDialogContent
                  title={t('rejectDialog.title')}
                  description={t('rejectDialog.description', { title: request.content.title })}
                  label={t('rejectDialog.label')}
                  submitLabel={t('reject')}
                  cancelLabel={t('cancel')}
                  requiredText={t('rejectDialog.required')}
                  tooLongText={t('rejectDialog.tooLong')}
                  field="reason"
                  onSubmit={async (reason) => {
                    await decidePublication(request, { approve: false, reason });
                    toasts.show({
                      tone: 'success',
                      title: 'moderation:rejected',
                      descriptionText: request.content.title,
                    });
                  }}
                  onClose={() => setRejecting(false)}
                />
              )}
            </Dialog.Root>
          </Inline>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Moderieren (spec §2 /moderate, issue 24): the review queue of requests to release an item for every school, for
 * content administrators and staff; everybody else reads 'Keine Berechtigung', as the server refuses them. The state
 * shown lives in the URL (`?state=approved`).
 */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const allowed = mayModerateContent(user);
  const queue = useQuery({ ...publicationQueueQuery(state), enabled: allowed });
  if (!allowed) return <NoPermissionPage description={t('noPermission')} />;

  let body = <Spinner label={t('loading')} />;
  if (queue.isError) {
    body = (
      <Alert tone="critical" title={t('failed')}>
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  } else if (queue.data?.length === 0) {
    body = <EmptyState title={t(`empty.${state}`)} />;
  } else if (queue.data) {
    body = (
      <Stack gap="large">
        {queue.data.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('title')}</PageHeading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <Select
        label={t('stateFilter')}
        value={state}
        onChange={(event) => setParams(event.target.value === 'pending' ? {} : { state: event.target.value })}
        options={STATES.map((option) => ({ value: option, label: t(`states.${option}`) }))}
      />
      {body}
    </Stack>
  );
}

export { ModerationPage as Component };
