// Image upload (`PUT /v1/files`, the file as the raw body) through the shared mutation handling: the type and
// size the server accepts are checked first, so a wrong file is refused before its bytes go up.
import { App as AntApp } from 'antd';
import { FILE_MAX_BYTES, FILE_TYPES } from '@edu/contract';
import { API } from '../api/routes';
import { useCall } from './session-context';
import { useApiMutation } from '../api/mutation';
import { API_TEXTS } from '../api/texts';

export function useImageUpload(options: { success?: string; onUploaded: (file: { id: string }) => void }) {
  const call = useCall();
  const { message } = AntApp.useApp();
  const send = useApiMutation({
    mutationFn: (file: File) => call(API.fileUpload, { raw: file }),
    success: options.success,
    onSuccess: options.onUploaded,
  });
  const upload = (file: File) => {
    if (!(FILE_TYPES as readonly string[]).includes(file.type)) return void message.error(API_TEXTS.imageType);
    if (file.size > FILE_MAX_BYTES) return void message.error(API_TEXTS.imageTooBig);
    send.mutate(file);
  };
  return { upload, isPending: send.isPending };
}
