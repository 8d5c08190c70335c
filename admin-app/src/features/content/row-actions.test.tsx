// The ordering buttons every content list shares: named in words, reachable as buttons, disabled at either end,
// and Remove takes out only its own item.
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ItemActions } from './row-actions';

function Links({ withDown }: { withDown: boolean }) {
  const [links, setLinks] = useState(['a', 'b', 'c']);
  return (
    <>
      <p data-testid="order">{links.join(',')}</p>
      {links.map((link, i) => (
        <ItemActions
          key={link}
          index={i}
          count={links.length}
          upLabel={`Move ${link} up`}
          downLabel={withDown ? `Move ${link} down` : undefined}
          removeLabel={`Remove ${link}`}
          onList={setLinks}
        />
      ))}
    </>
  );
}

test('moves an item up and down; the first cannot move up nor the last down', () => {
  render(<Links withDown />);
  expect(screen.getByRole('button', { name: 'Move a up' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move c down' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Move c up' }));
  expect(screen.getByTestId('order')).toHaveTextContent('a,c,b');
  fireEvent.click(screen.getByRole('button', { name: 'Move a down' }));
  expect(screen.getByTestId('order')).toHaveTextContent('c,a,b');
});

test('Remove takes out its own item; without a down label there is no Move down button', () => {
  render(<Links withDown={false} />);
  expect(screen.queryByRole('button', { name: /down$/ })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Remove b' }));
  expect(screen.getByTestId('order')).toHaveTextContent('a,c');
});
