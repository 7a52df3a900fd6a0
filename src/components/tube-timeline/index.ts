export { TubeTimeline, type TubeTimelineProps } from './tube-timeline';
