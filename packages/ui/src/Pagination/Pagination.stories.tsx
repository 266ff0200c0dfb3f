import type { Meta, StoryObj } from '@storybook/react-vite';
import { createContext, useContext, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type LinkComponentProps, LinkProvider } from '../LinkProvider/LinkProvider';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { Pagination } from './Pagination';

const meta = {
  title: 'Data/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: {
    page: 5,
    pageCount: 20,
    label: 'Seitennavigation',
    previousLabel: 'Zurück',
    nextLabel: 'Weiter',
    pageLabel: (page: number) => `Seite ${page}`,
    onPageChange: fn(),
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Seitennavigation' });
    await expect(within(nav).getByRole('button', { name: 'Seite 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('button', { name: 'Seite 4' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('button', { name: 'Seite 6' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(within(nav).getByRole('button', { name: 'Weiter' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(within(nav).getByRole('button', { name: 'Zurück' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(within(nav).getByRole('button', { name: 'Seite 20' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(20);
  },
};

export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const previous = canvas.getByRole('button', { name: 'Zurück' });
    await expect(previous).toBeDisabled();
    await userEvent.click(previous);
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

export const LastPage: Story = {
  args: { page: 20 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Weiter' })).toBeDisabled();
  },
};

/** With the page held in state: keyboard only, the current page follows. */
export const KeyboardOperation: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(1);
    return (
      <Pagination
        page={page}
        pageCount={args.pageCount}
        label={args.label}
        previousLabel={args.previousLabel}
        nextLabel={args.nextLabel}
        pageLabel={args.pageLabel}
        onPageChange={setPage}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Seite 1' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Seite 2' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Zurück' })).toBeEnabled();
  },
};

export const FewPages: Story = {
  args: { page: 2, pageCount: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button', { name: /^Seite/ })).toHaveLength(3);
  },
};

/** A single page needs no navigation: nothing is rendered. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).not.toBeInTheDocument();
  },
};

export const LongGermanText: Story = {
  args: { previousLabel: 'Vorherige Seite anzeigen', nextLabel: 'Nächste Seite anzeigen' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

const NavigateContext = createContext<(href: string) => void>(() => {});

/** Stands in for a router's link: navigates in place. */
function RouterLink({ href, ...props }: LinkComponentProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

/** Pages kept in the URL: every page is a link, rendered with the app's link component. */
export const AsLinks: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(9);
    return (
      <NavigateContext.Provider
        value={(href) => setPage(Number(new URLSearchParams(href.slice(1)).get('seite')))}
      >
        <LinkProvider component={RouterLink}>
          <Pagination
            page={page}
            pageCount={args.pageCount}
            label={args.label}
            previousLabel={args.previousLabel}
            nextLabel={args.nextLabel}
            pageLabel={args.pageLabel}
            getPageHref={(target) => `?seite=${target}`}
          />
        </LinkProvider>
      </NavigateContext.Provider>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Seite 9' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Weiter' })).toHaveAttribute('href', '?seite=10');
    await userEvent.click(canvas.getByRole('link', { name: 'Seite 20' }));
    await expect(canvas.getByRole('link', { name: 'Seite 20' })).toHaveAttribute('aria-current', 'page');
    // On the last page there is no next link.
    await expect(canvas.queryByRole('link', { name: 'Weiter' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '?seite=19');
  },
};

export const LightTheme: Story = { globals: { theme: 'light' } };

/**
 * Under the mouse pointer (forced with `parameters.pseudo`): page buttons get the ghost hover background,
 * the current page the secondary hover background.
 */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Seitennavigation' });
    await expectToken(
      within(nav).getByRole('button', { name: 'Seite 4' }),
      'backgroundColor',
      vars.color.ghostBackgroundHover,
    );
    await expectToken(
      within(nav).getByRole('button', { name: 'Seite 5' }),
      'backgroundColor',
      vars.color.secondaryBackgroundHover,
    );
  },
};
