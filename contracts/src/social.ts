import { parseUrl } from './url';

/**
 * The company's profiles on social networks (SOCIAL_LINKS, issue 26): the footer shows an icon for each one configured
 * and none otherwise. Only a profile on a network the footer has an icon for, over https, and never a network's home
 * page (the placeholders that led there are what this replaced).
 */

export const SOCIAL_NETWORKS = ['linkedin', 'x', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const HOSTS: Record<string, SocialNetwork> = {
  'linkedin.com': 'linkedin',
  'x.com': 'x',
  'twitter.com': 'x',
  'github.com': 'github',
};

/** The network of a profile's address, or null: not https, not a known network, or no profile (its home page). */
export function socialNetworkOf(address: string): SocialNetwork | null {
  const url = parseUrl(address);
  if (url?.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.replace(/^www\./, '');
  const network = HOSTS[host];
  return network && url.pathname.replace(/\/+$/, '') !== '' ? network : null;
}

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/**
 * SOCIAL_LINKS as the operator writes it: https profile addresses separated by commas (or nothing). Answers the links,
 * or the message naming the first address that is not one.
 */
export function parseSocialLinks(value: string): SocialLink[] | string {
  const links: SocialLink[] = [];
  for (const address of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const network = socialNetworkOf(address);
    if (!network)
      return `"${address}" is not an https profile address on LinkedIn, X (Twitter) or GitHub (a network's home page is not a profile)`;
    links.push({ network, url: new URL(address).href });
  }
  return links;
}
