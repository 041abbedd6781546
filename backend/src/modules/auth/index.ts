/** The auth module's public face: other modules and the composition root import only this (issue 27). */
export { accountSecurityRoutes } from './account-security.routes';
export { adminSecurityRoutes } from './admin-security.routes';
export { authRoutes } from './auth.routes';
export { validateSession } from './auth.service';
export { resetTwoFactorCommand, resetTwoFactorUsage } from './reset-two-factor.command';
export { ssoRoutes } from './sso/sso.routes';
export { ssoSettingsRoutes } from './sso/sso-settings.routes';
