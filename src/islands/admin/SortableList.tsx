import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
  horizontalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';

/** SPEC §9: keyboard drag moves by 25 px steps. */
export const KEYBOARD_STEP_PX = 25;

export const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const moves: Record<string, [number, number]> = {
    ArrowDown: [0, KEYBOARD_STEP_PX],
    ArrowUp: [0, -KEYBOARD_STEP_PX],
    ArrowRight: [KEYBOARD_STEP_PX, 0],
    ArrowLeft: [-KEYBOARD_STEP_PX, 0],
  };
  const move = moves[event.code];
  if (!move) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + move[0], y: currentCoordinates.y + move[1] };
};

/** Pointer (after 5 px, so clicks still work) and keyboard (space to lift, arrows, space to drop). */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );
}

interface Props<T extends { id: string }> {
  items: T[];
  onReorder: (items: T[]) => void;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  direction?: 'vertical' | 'horizontal';
  label: string;
}

/** A drag-and-drop list (@dnd-kit): calls `onReorder` with the new order on drop. */
export function SortableList<T extends { id: string }>({
  items,
  onReorder,
  renderItem,
  direction = 'vertical',
  label,
}: Props<T>) {
  const sensors = useDragSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onReorder(arrayMove(items, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext
        items={items.map((i) => i.id)}
        strategy={
          direction === 'vertical' ? verticalListSortingStrategy : horizontalListSortingStrategy
        }
      >
        <ul className={`sortable ${direction}`} aria-label={label}>
          {items.map((item) => (
            <SortableItem
              key={item.id}
              id={item.id}
              render={(handle) => renderItem(item, handle)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, render }: { id: string; render: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      className="drag-handle"
      aria-label="Drag to reorder"
      {...attributes}
      {...listeners}
    >
      <GripVertical size={16} aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'dragging' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {render(handle)}
    </li>
  );
}
