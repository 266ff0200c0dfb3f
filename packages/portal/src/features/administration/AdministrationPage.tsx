import { mayAdministerPortal } from '@portal/domain';
import { Heading, Stack, Text } from '@portal/ui';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { OrganisationsSection } from './OrganisationsSection.tsx';
import { TermsPublishSection } from './TermsPublishSection.tsx';
import { UsersSection } from './UsersSection.tsx';

/**
 * Adminbereich (spec §2 /administration, issue 24): portal staff run organisations (create a school with its MSB
 * number, a KMZ or a ZfsL; quota; first administrator), users (find, lock) and terms versions. Everybody else reads
 * 'Keine Berechtigung', as the server refuses them; an organisation's administrators keep their settings page. The
 * chosen organisation lives in the URL (`?organisation=3`).
 */
export function AdministrationPage() {
  const { t } = useTranslation('administration');
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!mayAdministerPortal(user)) return <NoPermissionPage description={t('noPermission')} />;
  const selected = Number(params.get('organisation')) || null;
  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('title')}</PageHeading>
        <Text tone="muted">{t('intro')}</Text>
      </Stack>
      <OrganisationsSection
        selected={selected}
        onSelect={(id) => setParams(id === null ? {} : { organisation: String(id) })}
      />
      <UsersSection />
      <TermsPublishSection />
      <Stack gap="small">
        <Heading level={2}>{t('operatingSystems.title')}</Heading>
        <Text>
          {t('operatingSystems.text')} <Link to="/support">{t('operatingSystems.link')}</Link>
        </Text>
      </Stack>
    </Stack>
  );
}

export { AdministrationPage as Component };
