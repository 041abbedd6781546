/**
 * Full-page navigation, behind an object so tests can replace it (`vi.spyOn(browserLocation, 'assign')`): a
 * browser environment without a server would otherwise try to load the page.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
