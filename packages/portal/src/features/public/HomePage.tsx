import { Box, ButtonLink, Card, Heading, Inline, Stack, Text } from '@portal/ui';
import { Link } from 'react-router';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { useShellContext } from '../../lib/shellContext.ts';
import { TitledSection } from '../../lib/TitledSection.tsx';

const AREAS = ['library', 'playlists', 'devices', 'lesson'] as const;

/**
 * / (spec §2 'index'): what the portal is and for whom, and the ways in — the Mediathek and the sign-in for
 * visitors, the dashboard for someone signed in.
 */
export function HomePage() {
  const { t } = useTranslation('site');
  const { t: common } = useTranslation();
  const { signedIn } = useShellContext();
  // The first way in is the call to action: the dashboard for someone signed in, the Mediathek for a visitor.
  const waysIn = signedIn
    ? [
        { href: '/dashboard', label: t('home.dashboard') },
        { href: '/library', label: t('home.library') },
      ]
    : [
        { href: '/library', label: t('home.library') },
        { href: '/login', label: t('home.signIn') },
      ];
  return (
    <Stack gap="xlarge">
      <Stack gap="medium">
        <PageHeading description={common('meta.default')}>{t('home.title')}</PageHeading>
        <Text size="large">{t('home.intro')}</Text>
      </Stack>
      <TitledSection id="home-ways-in" title={t('home.waysIn')}>
        <Text>{signedIn ? t('home.signedInHint') : t('home.visitorHint')}</Text>
        <Inline gap="small">
          {waysIn.map(({ href, label }, index) => (
            <ButtonLink key={href} href={href} variant={index === 0 ? 'primary' : 'secondary'}>
              {label}
            </ButtonLink>
          ))}
        </Inline>
      </TitledSection>
      <TitledSection id="home-what" title={t('home.whatTitle')} gap="medium">
        <Box as="ul" display="grid" gap="medium" gridTemplateColumns={{ mobile: 1, tablet: 2 }}>
          {AREAS.map((area) => (
            <Card key={area} as="li">
              <Stack gap="xsmall">
                <Heading level={3}>{t(`home.what.${area}.title`)}</Heading>
                <Text>{t(`home.what.${area}.text`)}</Text>
              </Stack>
            </Card>
          ))}
        </Box>
      </TitledSection>
      <TitledSection id="home-who" title={t('home.whoTitle')}>
        <Text>{t('home.who')}</Text>
        <Text>
          {t('home.help')} <Link to="/support">{t('home.helpLink')}</Link>
        </Text>
      </TitledSection>
    </Stack>
  );
}

export { HomePage as Component };
