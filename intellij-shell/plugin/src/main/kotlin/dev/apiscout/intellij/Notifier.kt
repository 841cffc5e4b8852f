package dev.apiscout.intellij

import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.project.Project

/** Balloons of the "apiscout" notification group. */
object Notifier {
    fun error(project: Project?, message: String) = notify(project, message, NotificationType.ERROR)
    fun info(project: Project?, message: String) = notify(project, message, NotificationType.INFORMATION)

    private fun notify(project: Project?, message: String, type: NotificationType) {
        NotificationGroupManager.getInstance().getNotificationGroup("apiscout").createNotification(message, type).notify(project)
    }
}
