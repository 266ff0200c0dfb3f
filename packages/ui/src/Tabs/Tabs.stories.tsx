import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Text } from '../Text/Text';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { Tabs } from './Tabs';

const meta = {
  title: 'Data/Tabs',
  component: Tabs.Root,
  subcomponents: { 'Tabs.List': Tabs.List, 'Tabs.Trigger': Tabs.Trigger, 'Tabs.Content': Tabs.Content },
  tags: ['autodocs'],
  args: { defaultValue: 'details', onValueChange: fn() },
  render: (args) => (
    <Tabs.Root {...args}>
      <Tabs.List aria-label="Geräteansicht">
        <Tabs.Trigger value="details">Details</Tabs.Trigger>
        <Tabs.Trigger value="content">Inhalte</Tabs.Trigger>
        <Tabs.Trigger value="log" disabled>
          Protokoll
        </Tabs.Trigger>
        <Tabs.Trigger value="settings">Einstellungen</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">
        <Text>Seriennummer, Status und Akku der Brille.</Text>
      </Tabs.Content>
      <Tabs.Content value="content">
        <Text>Die auf der Brille gespeicherten Inhalte.</Text>
      </Tabs.Content>
      <Tabs.Content value="log">
        <Text>Protokoll</Text>
      </Tabs.Content>
      <Tabs.Content value="settings">
        <Text>Name und Gruppe der Brille.</Text>
      </Tabs.Content>
    </Tabs.Root>
  ),
} satisfies Meta<typeof Tabs.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Geräteansicht' })).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Details' })).toHaveTextContent('Seriennummer');
    await userEvent.click(canvas.getByRole('tab', { name: 'Inhalte' }));
    await expect(canvas.getByRole('tab', { name: 'Inhalte' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Inhalte' })).toHaveTextContent(
      'gespeicherten Inhalte',
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith('content');
  },
};

export const KeyboardArrows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Details' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Inhalte' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Inhalte' })).toHaveAttribute('aria-selected', 'true');
    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Einstellungen' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Details' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Einstellungen' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    // Tab moves on into the panel.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Details' })).toHaveFocus();
  },
};

export const Disabled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('tab', { name: 'Protokoll' });
    await expect(log).toBeDisabled();
    await userEvent.click(log);
    await expect(canvas.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const LongGermanText: Story = {
  render: (args) => (
    <div style={{ maxWidth: '360px' }}>
      <Tabs.Root {...args}>
        <Tabs.List aria-label="Organisationsverwaltung">
          <Tabs.Trigger value="details">Organisationseinstellungen</Tabs.Trigger>
          <Tabs.Trigger value="members">Mitgliederverwaltung</Tabs.Trigger>
          <Tabs.Trigger value="licences">Lizenzübersicht</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="details">
          <Text>Name, Anschrift und Ansprechpartner der Organisation.</Text>
        </Tabs.Content>
        <Tabs.Content value="members">
          <Text>Mitglieder</Text>
        </Tabs.Content>
        <Tabs.Content value="licences">
          <Text>Lizenzen</Text>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  ),
};

export const LightTheme: Story = { globals: { theme: 'light' } };

/**
 * Tabs under the mouse pointer (forced with `parameters.pseudo`): an inactive tab gets the text colour
 * and a neutral underline, the selected tab keeps its link-coloured underline, a disabled tab stays dim.
 */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const inactive = canvas.getByRole('tab', { name: 'Inhalte' });
    await expectToken(inactive, 'color', vars.color.text);
    await expectToken(inactive, 'borderBottomColor', vars.color.borderStrong);
    await expectToken(canvas.getByRole('tab', { name: 'Details' }), 'borderBottomColor', vars.color.link);
    await expectToken(canvas.getByRole('tab', { name: 'Protokoll' }), 'color', vars.color.textMuted);
  },
};
