/** The subscriptions module's public face: other modules and the composition root import only this (issue 27). */
export {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  subscriptionsAdminRoutes,
  subscriptionsMemberRoutes,
} from './subscriptions.routes';
