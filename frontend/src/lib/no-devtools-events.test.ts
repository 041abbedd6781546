// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { EventClient } from './no-devtools-events';

class FormEventClient extends EventClient {}

describe("the build's stand-in for TanStack's devtools event client", () => {
  it('sends nothing to the page and listens to nothing, as form-core uses it', () => {
    const dispatch = vi.spyOn(window, 'dispatchEvent');
    const listen = vi.spyOn(window, 'addEventListener');
    const client = new FormEventClient();
    const callback = vi.fn();
    const stop = client.on('request-form-state', callback);
    client.emit('form-state', { id: 'contact' });
    stop();
    expect(dispatch).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
    expect(callback).not.toHaveBeenCalled();
  });
});
