import { HELP_LINK_PARAMS, HELP_TOPICS, type HelpTopicKey } from '@portal/domain';
import { Stack, Text } from '@portal/ui';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { OPERATING_SYSTEMS_PATH, operatingSystemRole } from '../../lib/operatingSystems.ts';
import { StatusPage } from '../../lib/StatusPage.tsx';
import { ComingSoonNotice } from './ComingSoonPage.tsx';

function topicOf(value: string | null): HelpTopicKey | null {
  return HELP_TOPICS.find((topic) => topic.key === value)?.key ?? null;
}

/**
 * /support: names the help topic a page's help link asked for (spec §2), so the link already leads somewhere
 * meaningful; the help texts themselves come with the support issue, until then the placeholder says so.
 */
/** For staff and administrators: the operating system images of the support area (issue 23). */
function OperatingSystemsLink() {
  const role = operatingSystemRole(useCurrentUser().user);
  // Only then its texts load (a lazy namespace): most readers of the support page never see the link.
  return role === null ? null : <OperatingSystemsLinkFor role={role} />;
}

function OperatingSystemsLinkFor({ role }: { role: 'manage' | 'rollout' }) {
  const { t } = useTranslation('operatingSystems');
  return (
    <Stack gap="xsmall">
      <Link to={OPERATING_SYSTEMS_PATH}>{t('list.supportLink')}</Link>
      <Text tone="muted">
        {role === 'manage' ? t('list.supportLinkManage') : t('list.supportLinkRollout')}
      </Text>
    </Stack>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const topic = topicOf(params.get(HELP_LINK_PARAMS.topic));
  return (
    <StatusPage
      title={topic ? t('help.title', { topic: t(`help.topics.${topic}`) }) : t('pages.support')}
      description={t('comingSoon.description')}
      action={{ href: '/library', label: t('comingSoon.action') }}
      metaDescription={t('meta.support')}
    >
      {params.get(HELP_LINK_PARAMS.audience) === HELP_LINK_PARAMS.administrators && (
        <Text tone="muted">{t('help.forAdministrators')}</Text>
      )}
      <OperatingSystemsLink />
      <ComingSoonNotice />
    </StatusPage>
  );
}

export { SupportPage as Component };
