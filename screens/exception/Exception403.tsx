import { ExceptionPage } from './ExceptionPage';

export default function Exception403(): React.JSX.Element {
  return <ExceptionPage status="403" />;
}
