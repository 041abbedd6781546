/** The users module's public face: other modules and the composition root import only this (issue 27). */
export { createAdmin } from './create-admin.service';
export {
  deleteUserSessions,
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  userView,
} from './users.repository';
export { usersRoutes } from './users.routes';
