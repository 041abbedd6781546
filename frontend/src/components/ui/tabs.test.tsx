// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, TabPanel, Tabs, TabTrigger } from './tabs';

afterEach(cleanup);

function Example({ unmountHidden = false }: { unmountHidden?: boolean }) {
  const [value, setValue] = useState('b');
  return (
    <Tabs value={value} onValueChange={setValue} unmountHidden={unmountHidden}>
      <TabList label="Letters">
        {['a', 'b', 'c'].map((letter) => (
          <TabTrigger key={letter} value={letter}>
            {letter.toUpperCase()}
          </TabTrigger>
        ))}
      </TabList>
      {['a', 'b', 'c'].map((letter) => (
        <TabPanel key={letter} value={letter}>
          Panel {letter}
        </TabPanel>
      ))}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('Tabs (WAI-ARIA tabs, automatic activation)', () => {
  it('marks the selected tab, keeps only it in the Tab order and shows its panel, labelled by it', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeTruthy();
    expect(selected()).toBe('B');
    expect(tab('B').tabIndex).toBe(0);
    expect(tab('A').tabIndex).toBe(-1);
    expect(tab('B').hasAttribute('data-selected')).toBe(true);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Panel b');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('B').id);
    expect(tab('B').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByText('Panel a').hidden).toBe(true);
  });

  it('selects a tab on click', () => {
    render(<Example />);
    fireEvent.click(tab('C'));
    expect(selected()).toBe('C');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
  });

  it('moves with the arrow keys (wrapping), Home and End, selecting the tab it reaches', () => {
    render(<Example />);
    tab('B').focus();
    fireEvent.keyDown(tab('B'), { key: 'ArrowRight' });
    expect(selected()).toBe('C');
    expect(document.activeElement).toBe(tab('C'));
    fireEvent.keyDown(tab('C'), { key: 'ArrowRight' });
    expect(selected()).toBe('A');
    fireEvent.keyDown(tab('A'), { key: 'ArrowLeft' });
    expect(selected()).toBe('C');
    fireEvent.keyDown(tab('C'), { key: 'Home' });
    expect(selected()).toBe('A');
    fireEvent.keyDown(tab('A'), { key: 'End' });
    expect(selected()).toBe('C');
    expect(document.activeElement).toBe(tab('C'));
  });

  it('leaves the other panels out with unmountHidden, and points only at the panel that is there', () => {
    render(<Example unmountHidden />);
    expect(screen.queryByText('Panel a')).toBeNull();
    expect(tab('A').hasAttribute('aria-controls')).toBe(false);
    expect(tab('B').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });
});
