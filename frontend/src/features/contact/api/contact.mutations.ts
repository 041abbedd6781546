import type { ContactMessage } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** POST /api/contact (the response is not read by the UI). */
const sendContactMessage = (message: ContactMessage) => apiRequest('/api/contact', { method: 'POST', body: message });

export const useSendContactMessage = () =>
  useMutation({ mutationKey: ['contact', 'send'], mutationFn: sendContactMessage });
