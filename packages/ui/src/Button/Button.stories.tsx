import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { expectToken } from '../testing/tokens';
import { withTip } from '../testing/tooltip';
import { lightThemeClass, vars } from '../theme/theme.css';
import { Button } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Speichern', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Speichern' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Abbrechen' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Details anzeigen' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Löschen' } };

export const Sizes: Story = {
  render: (args) => (
    <Inline gap="small">
      <Button {...args} size="small">
        Klein
      </Button>
      <Button {...args} size="medium">
        Mittel
      </Button>
      <Button {...args} size="large">
        Groß
      </Button>
    </Inline>
  ),
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Speichern' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/**
 * Not available for a reason (a headset whose software is too old): focusable, does nothing, and the reason shows
 * as a tooltip on keyboard focus and hover, read as the button's description.
 */
export const UnavailableWithReason: Story = {
  args: {
    variant: 'secondary',
    children: 'Stummschalten',
    disabledReason: 'Benötigt Software 4.9.4 oder neuer (installiert: 4.2.3).',
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '64px 96px 16px' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const button = await withTip(() => within(canvasElement).getByRole('button', { name: 'Stummschalten' }));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toBeEnabled();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tip = await within(document.body).findByRole('tooltip');
    await expect(tip).toHaveTextContent('Benötigt Software 4.9.4 oder neuer (installiert: 4.2.3).');
    await expect(button).toHaveAccessibleDescription(
      'Benötigt Software 4.9.4 oder neuer (installiert: 4.2.3).',
    );
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    await expect(button).toHaveStyle({ opacity: '0.55', cursor: 'not-allowed' });
  },
};

/** Inside a form: pressing an unavailable submit button sends nothing. */
export const UnavailableSubmitInForm: Story = {
  args: { type: 'submit', children: 'Senden', disabledReason: 'Keine VR-Brille ausgewählt.' },
  render: (args) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        event.currentTarget.dataset.submitted = 'true';
      }}
    >
      <Button {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const button = await withTip(() => within(canvasElement).getByRole('button', { name: 'Senden' }));
    await userEvent.click(button);
    await waitFor(() => expect(canvasElement.querySelector('form')?.dataset.submitted).toBeUndefined());
  },
};

export const Loading: Story = {
  args: { loading: true, loadingLabel: 'Wird gespeichert' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Speichern/ });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAccessibleName('Speichern Wird gespeichert');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const KeyboardActivation: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Speichern' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const LongGermanText: Story = {
  args: {
    children: 'Alle ausgewählten VR-Brillen synchronisieren und die Wiedergabeliste aktivieren',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '280px' }}>
        <Story />
      </div>
    ),
  ],
};

const uploadIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);

export const WithIcon: Story = {
  args: { icon: uploadIcon, children: 'Hochladen', variant: 'secondary' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Hochladen' });
    await expect(button.querySelector('svg')).toBeVisible();
  },
};

export const LoadingReplacesIcon: Story = {
  args: { icon: uploadIcon, children: 'Hochladen', loading: true, loadingLabel: 'Wird hochgeladen' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Hochladen Wird hochgeladen' });
    await expect(button.querySelectorAll('svg')).toHaveLength(1);
  },
};

export const FocusVisible: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const button = within(canvasElement).getByRole('button', { name: 'Speichern' });
    await expect(button).toHaveFocus();
    await expect(button).toHaveStyle({ outlineStyle: 'solid' });
  },
};

export const FullWidth: Story = { args: { fullWidth: true, children: 'Anmelden' } };

export const AllVariants: Story = {
  render: (args) => (
    <Inline gap="small">
      <Button {...args}>Speichern</Button>
      <Button {...args} variant="secondary">
        Abbrechen
      </Button>
      <Button {...args} variant="ghost">
        Details
      </Button>
      <Button {...args} variant="danger">
        Löschen
      </Button>
      <Button {...args} loading loadingLabel="Wird gespeichert">
        Speichern
      </Button>
    </Inline>
  ),
};

/** The same buttons in the light-blue scheme, so its contrast is checked too. */
export const AllVariantsLightTheme: Story = {
  ...AllVariants,
  globals: { theme: 'light' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement).toHaveClass(lightThemeClass);
  },
};

const hoverColours = [
  { name: 'Speichern', hover: vars.color.ctaBackgroundHover },
  { name: 'Abbrechen', hover: vars.color.secondaryBackgroundHover },
  { name: 'Details', hover: vars.color.ghostBackgroundHover },
  { name: 'Löschen', hover: vars.color.dangerBackgroundHover },
];

/**
 * Every variant under the mouse pointer: the background takes the variant's hover token; a disabled
 * button keeps its colour. `parameters.pseudo` forces :hover (storybook-addon-pseudo-states), so the
 * visual baseline shows the hover colours.
 */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  render: (args) => (
    <Inline gap="small">
      <Button {...args}>Speichern</Button>
      <Button {...args} variant="secondary">
        Abbrechen
      </Button>
      <Button {...args} variant="ghost">
        Details
      </Button>
      <Button {...args} variant="danger">
        Löschen
      </Button>
      <Button {...args} disabled>
        Gesperrt
      </Button>
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const { name, hover } of hoverColours) {
      await expectToken(canvas.getByRole('button', { name }), 'backgroundColor', hover);
    }
    await expectToken(
      canvas.getByRole('button', { name: 'Gesperrt' }),
      'backgroundColor',
      vars.color.ctaBackground,
    );
  },
};

/** The hover colours of the light-blue scheme. */
export const HoverLightTheme: Story = { ...Hover, globals: { theme: 'light' } };
