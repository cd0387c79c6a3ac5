import { feedback } from '../feedback';
import { getBlob } from './client';
import { saveBlob } from '../../runtime/render/data/files';
import { readBodyMessage } from './errors';

export const DownloadMessages = {
  failed: '文件下载失败',
  unknownFile: '未知的文件',
} as const;

/**
 * Downloads a file through the API (token and tenant headers included) and saves it. An empty answer,
 * a failure, or a JSON explanation in place of the file shows a warning; returns whether a file was saved.
 */
export async function downloadFile(url: string, fileName: string, params?: object): Promise<boolean> {
  const { message } = feedback();
  if (!url) {
    message.warning(DownloadMessages.unknownFile);
    return false;
  }
  let blob: Blob;
  try {
    blob = await getBlob(url, params);
  } catch {
    message.warning(DownloadMessages.failed);
    return false;
  }
  if (!blob || blob.size === 0) {
    message.warning(DownloadMessages.failed);
    return false;
  }
  if (blob.type.includes('application/json')) {
    message.warning((await readBodyMessage(blob)) || DownloadMessages.failed);
    return false;
  }
  saveBlob(blob, fileName);
  return true;
}
