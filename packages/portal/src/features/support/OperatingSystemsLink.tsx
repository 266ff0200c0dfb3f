import { Stack, Text } from '@portal/ui';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { OPERATING_SYSTEMS_PATH, operatingSystemRole } from '../../lib/operatingSystems.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';

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

/** For staff and administrators: the operating system images of the support area (issue 23); nothing for others. */
export function OperatingSystemsLink() {
  const role = operatingSystemRole(useCurrentUser().user);
  // Only then its texts load (a lazy namespace): most readers of the support page never see the link.
  return role === null ? null : <OperatingSystemsLinkFor role={role} />;
}
