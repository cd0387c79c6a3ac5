// antd's static message and Modal, a chunk of their own (see feedback.ts).
export { message, Modal } from 'antd';
