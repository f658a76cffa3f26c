import {
  BrainCircuit,
  ClipboardCheck,
  Compass,
  FlaskConical,
  Gauge,
  HeartHandshake,
  LayoutDashboard,
  type LucideIcon,
  Route,
  Scale,
  ShieldCheck,
  Sparkles,
  Workflow,
} from 'lucide-react'
import type { ContentIcon } from '~/domain/site-content'

/** The icon set a service or product picks from (the icons the page already used). */
export const CONTENT_ICON_COMPONENTS: Record<ContentIcon, LucideIcon> = {
  'brain-circuit': BrainCircuit,
  gauge: Gauge,
  'heart-handshake': HeartHandshake,
  workflow: Workflow,
  'shield-check': ShieldCheck,
  sparkles: Sparkles,
  'clipboard-check': ClipboardCheck,
  'layout-dashboard': LayoutDashboard,
  'flask-conical': FlaskConical,
  compass: Compass,
  scale: Scale,
  route: Route,
}
