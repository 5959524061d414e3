// Whether the signed-in admin is a Super Admin: what the signed-in screens show and send depends on
// it (SPEC.md section 6). Its own module, off the login page's path (ground/hooks.ts is on it).
import { isSuperAdmin } from '../../contract/roles';
import { useAppSelector } from './hooks';

export const useCallerIsSuper = (): boolean => isSuperAdmin(useAppSelector((state) => state.session.user?.role_type ?? ''));
