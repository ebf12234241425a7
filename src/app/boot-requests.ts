import { requestRuntimeConfigEarly } from '@/api/config-request';

requestRuntimeConfigEarly();
