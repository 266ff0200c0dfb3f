import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { expectToken } from '../testing/tokens';
import { palette } from '../theme/palette';
import { vars } from '../theme/theme.css';
import { ContentCard, ContentCardSkeleton } from './ContentCard';

// A small inline image, so the stories need no network and the visual baselines stay stable. Its
// colours (sky, mountain, sun) come from the palette, the only place with raw colour values.
const preview = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="${palette.lightBlue[800]}"/><path d="M0 90 60 30l30 30 20-20 50 50z" fill="${palette.orange[500]}"/><circle cx="120" cy="22" r="10" fill="${palette.yellow[300]}"/></svg>`,
)}`;

const meta = {
  title: 'Data/ContentCard',
  component: ContentCard,
  tags: ['autodocs'],
  args: {
    title: 'Vulkane der Erde',
    href: '/library/42',
    imageSrc: preview,
    imageAlt: 'Lavastrom am Hang eines Vulkans',
    typeLabel: 'Video',
    viewLabel: '360°',
    ageText: '12 bis 16 Jahre',
    ownerName: 'Kreismedienzentrum',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '300px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const article = canvas.getByRole('article');
    await expect(within(article).getByRole('heading', { level: 3, name: 'Vulkane der Erde' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Vulkane der Erde' })).toHaveAttribute(
      'href',
      '/library/42',
    );
    await expect(canvas.getByRole('img', { name: 'Lavastrom am Hang eines Vulkans' })).toBeVisible();
    for (const text of ['Video', '360°', '12 bis 16 Jahre', 'Kreismedienzentrum']) {
      await expect(canvas.getByText(text)).toBeVisible();
    }
  },
};

/** The whole card is the link: Tab reaches it once, focus shows on the card. */
export const Focus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Vulkane der Erde' });
    link.focus();
    await expect(link).toHaveFocus();
    const outline = getComputedStyle(canvas.getByRole('article')).outlineStyle;
    await expect(outline).toBe('solid');
  },
};

export const TruncatedTitle: Story = {
  args: {
    title: 'Eine Reise durch den menschlichen Körper: Herz, Lunge und Blutkreislauf in 360 Grad',
    shortTitle: 'Eine Reise durch den menschlichen Körper: ...',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const full = 'Eine Reise durch den menschlichen Körper: Herz, Lunge und Blutkreislauf in 360 Grad';
    // Screen readers get the whole title; the eye gets the app's shortened one.
    await expect(canvas.getByRole('link', { name: full })).toBeInTheDocument();
    await expect(canvas.getByText('Eine Reise durch den menschlichen Körper: ...')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: full })).toHaveAttribute('title', full);
  },
};

export const Hemisphere180: Story = { args: { viewLabel: '180°', typeLabel: 'Anwendung' } };

export const WithoutImage: Story = {
  args: { imageSrc: undefined, placeholderText: 'Keine Vorschau' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvas.getByText('Keine Vorschau')).toBeVisible();
  },
};

/** Cards as the items of a list, as in the Mediathek grid. */
export const AsListItems: Story = {
  render: (args) => (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '16px' }}>
      <ContentCard {...args} as="li" />
      <ContentCard {...args} as="li" title="Anne Frank Haus" viewLabel="180°" href="/library/43" />
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByRole('link', { name: 'Anne Frank Haus' })).toBeVisible();
  },
};

export const WithBadgeAndActions: Story = {
  args: {
    badges: <Badge tone="info">Öffentlich</Badge>,
    actions: (
      <Button variant="secondary" size="small">
        Zur Wiedergabeliste
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Zur Wiedergabeliste' });
    // The action sits above the card-wide link, so a click hits the button.
    const box = button.getBoundingClientRect();
    const hit = canvasElement.ownerDocument.elementFromPoint(
      box.left + box.width / 2,
      box.top + box.height / 2,
    );
    await expect(button.contains(hit)).toBe(true);
  },
};

/** Only the title: every optional part left out. */
export const Minimal: Story = {
  args: {
    href: undefined,
    imageSrc: undefined,
    typeLabel: undefined,
    viewLabel: undefined,
    ageText: undefined,
    ownerName: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Vulkane der Erde' })).toBeVisible();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

export const LongGermanText: Story = {
  args: {
    title: 'Donaudampfschifffahrtsgesellschaftskapitänsausbildungssimulation',
    typeLabel: 'Interaktive Anwendung',
    ageText: 'Empfohlen für Schülerinnen und Schüler ab 16 Jahren',
    ownerName: 'Landesmedienzentrum Baden-Württemberg, Außenstelle Karlsruhe',
  },
};

export const Loading: Story = {
  render: () => <ContentCardSkeleton label="Inhalt wird geladen" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Inhalt wird geladen')).toBeInTheDocument();
    await expect(canvas.getByText('Inhalt wird geladen').parentElement).toHaveAttribute('aria-busy', 'true');
  },
};

export const LightTheme: Story = { globals: { theme: 'light' } };

/** Under the mouse pointer (forced with `parameters.pseudo`): the card lifts and the title is underlined. */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToken(canvas.getByRole('article'), 'boxShadow', vars.shadow.medium);
    await expect(canvas.getByRole('link', { name: 'Vulkane der Erde' })).toHaveStyle({
      textDecorationLine: 'underline',
    });
  },
};

const videoIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
    focusable="false"
  >
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9l5 3-5 3z" fill="currentColor" />
  </svg>
);

/** Without a preview: the content type's icon and colour, and the 180°/360° badge over the corner. */
export const TypedPlaceholder: Story = {
  args: {
    imageSrc: undefined,
    placeholderText: 'Video',
    placeholderIcon: videoIcon,
    placeholderTone: 'warning',
    mediaBadge: '360°',
    viewLabel: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvas.getByText('360°')).toBeVisible();
    const icon = canvasElement.querySelector('svg');
    if (!icon?.parentElement) throw new Error('placeholder icon missing');
    await expectToken(icon.parentElement, 'color', vars.color.warning);
  },
};

/** The badge over a preview image too. */
export const ImageWithBadge: Story = {
  args: { mediaBadge: '180°', viewLabel: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('180°')).toBeVisible();
  },
};

/** Only the preview area: a detail page's large placeholder in the cards' look. */
export const MediaOnly: Story = {
  args: { ...TypedPlaceholder.args, mediaOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading')).not.toBeInTheDocument();
    await expect(canvas.getByText('Video')).toBeVisible();
  },
};
